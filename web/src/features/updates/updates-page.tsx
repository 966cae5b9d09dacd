import { PageMeta } from "../../components/page-meta";

export function UpdatesPage() {
  return (
    <section>
      <PageMeta title="Updates" description="Updates" path="/updates" />
      <h1>Updates</h1>
    </section>
  );
}
