import { PageMeta } from "../../components/page-meta";

export function AdvertiserPage() {
  return (
    <section>
      <PageMeta title="Advertiser" description="Advertiser" path="/advertiser" />
      <h1>Advertiser</h1>
    </section>
  );
}
