import { PageMeta } from "../../components/page-meta";

export function MarketingPage() {
  return (
    <section>
      <PageMeta
        title="AI Porn Affiliate Program"
        description="AI Porn Affiliate Program"
        path="/ai-porn-affiliate-program"
      />
      <h1>AI Porn Affiliate Program</h1>
    </section>
  );
}
