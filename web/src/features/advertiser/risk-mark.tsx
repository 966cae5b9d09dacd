/**
 * An affiliate's open risk case (issue 33) where staff see the affiliate: a mark beside SPEC.md's rating,
 * in the card and the table, that opens the case in the Risk section. The rating itself stays as it is.
 */
import { Link } from "react-router-dom";
import type { SummaryRow } from "@domain/advertiser-summary";
import { riskActionLabels, riskFamilyInfo, type RiskAction } from "@domain/risk-rules";
import { paths } from "../../config/paths";
import styles from "./risk-section.module.css";

/** Where the Risk section shows one case, opened. */
export const riskCaseHref = (caseId: string) => `${paths.advertiserRisk}?${new URLSearchParams({ case: caseId })}`;

/** What the mark says: whether the case holds money, in two words. */
export const riskMarkText = (action: RiskAction) => (action === "flag" ? "Risk case" : "Under review");

export function RiskMark({ riskCase }: { riskCase: SummaryRow["risk_case"] }) {
  if (!riskCase) return null;
  return (
    <Link
      to={riskCaseHref(riskCase.case_id)}
      className={riskCase.action === "flag" ? styles.mark : `${styles.mark} ${styles["mark-hold"]}`}
      title={`Open risk case (${riskActionLabels[riskCase.action].toLowerCase()}): ${riskCase.families.map((family) => riskFamilyInfo[family].label).join(", ")}`}
    >
      <span aria-hidden="true">⚑</span>
      {riskMarkText(riskCase.action)}
    </Link>
  );
}
