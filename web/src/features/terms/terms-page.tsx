import { PageMeta } from "../../components/page-meta";

export function TermsPage() {
  return (
    <section>
      <PageMeta title="Terms" description="Terms" path="/terms" />
      <h1>Terms</h1>
    </section>
  );
}
