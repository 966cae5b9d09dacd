import { PageMeta } from "../../components/page-meta";

export function ProductsPage() {
  return (
    <section>
      <PageMeta title="Products" description="Products" path="/products" />
      <h1>Products</h1>
    </section>
  );
}
