import { advertiserIds, advertisers, type Advertiser } from "@domain/advertisers";
import { programme } from "@domain/programme";
import { PageMeta } from "../../components/page-meta";
import { paths } from "../../config/paths";
import { AdvertiserLogo, PageIntro, PublicPage } from "../../components/public-page";
import { buttonClass } from "../../components/ui/button";
import { usePublicFigures } from "../../lib/public-terms";
import styles from "./products.module.css";

/** SPEC.md §2 "/products": one product card per advertiser in the registry. */
export function ProductsPage() {
  return (
    <PublicPage>
      <PageMeta
        title={`Products to promote | ${programme.name}`}
        description={`The AI image, video and chat apps you can promote in the ${programme.name}: ${advertiserIds.map((id) => advertisers[id].name).join(", ")}. Download their marketing assets and visit their sites.`}
        path={paths.products}
        keywords={[
          "AI affiliate products",
          "affiliate marketing assets",
          ...advertiserIds.map((id) => `${advertisers[id].name} affiliate`),
        ]}
      />
      <PageIntro
        title="Products"
        lead="The apps you can promote, each with its own tracking links. Download the marketing assets, try the product, then share your links."
      />
      <ul className={styles["product-list"]}>
        {advertiserIds.map((id) => (
          <li key={id}>
            <ProductCard advertiser={advertisers[id]} />
          </li>
        ))}
      </ul>
    </PublicPage>
  );
}

function ProductCard({ advertiser }: { advertiser: Advertiser }) {
  const titleId = `product-${advertiser.id}`;
  const figures = usePublicFigures();
  return (
    <article className={styles["product-card"]} aria-labelledby={titleId}>
      <header className={styles["product-header"]}>
        <AdvertiserLogo name={advertiser.name} />
        <div>
          <h2 id={titleId}>{advertiser.name}</h2>
          <p className={styles["product-site"]}>{new URL(advertiser.website).host}</p>
        </div>
        <p className={styles["product-rate"]}>
          <strong>{figures[`${advertiser.id}.commission`]}</strong>
          <span>commission</span>
        </p>
      </header>
      <p>{advertiser.description}</p>
      <ul className={styles["feature-list"]}>
        {advertiser.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
        <li>{figures[`${advertiser.id}.renewal`]} commission on renewals</li>
      </ul>
      <div className={styles["product-actions"]}>
        <a
          className={buttonClass({ className: styles["product-action"] })}
          href={advertiser.assetsUrl}
          rel="noopener"
          aria-describedby={titleId}
        >
          Download assets
        </a>
        <a
          className={buttonClass({ variant: "quiet", className: styles["product-action"] })}
          href={advertiser.website}
          rel="noopener"
          aria-describedby={titleId}
        >
          Visit website
        </a>
      </div>
    </article>
  );
}
