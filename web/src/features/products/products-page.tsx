import { advertiserIds, advertisers, formatRate, type Advertiser } from "@domain/advertisers";
import { programme } from "@domain/programme";
import { PageMeta } from "../../components/page-meta";
import { paths } from "../../app/paths";

/** SPEC.md §2 "/products": one product card per advertiser in the registry. */
export function ProductsPage() {
  return (
    <div className="public-page">
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
      <header className="page-intro">
        <h1>Products</h1>
        <p className="lead">
          The apps you can promote, each with its own tracking links. Download the marketing assets, try the product,
          then share your links.
        </p>
      </header>
      <ul className="product-list">
        {advertiserIds.map((id) => (
          <li key={id}>
            <ProductCard advertiser={advertisers[id]} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function ProductCard({ advertiser }: { advertiser: Advertiser }) {
  const titleId = `product-${advertiser.id}`;
  const renewal = advertiser.repeatRates["1"];
  return (
    <article className="product-card" aria-labelledby={titleId}>
      <header className="product-header">
        <div className="partner-logo" aria-hidden="true">
          {advertiser.name.charAt(0)}
        </div>
        <div>
          <h2 id={titleId}>{advertiser.name}</h2>
          <p className="product-site">{new URL(advertiser.website).host}</p>
        </div>
        <p className="product-rate">
          <strong>{formatRate(advertiser.commissionRate)}</strong>
          <span>commission</span>
        </p>
      </header>
      <p>{advertiser.description}</p>
      <ul className="feature-list">
        {advertiser.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
        {renewal ? <li>{formatRate(renewal)} commission on renewals</li> : null}
      </ul>
      <div className="product-actions">
        <a className="button button-primary" href={advertiser.assetsUrl} rel="noopener" aria-describedby={titleId}>
          Download assets
        </a>
        <a className="button button-quiet" href={advertiser.website} rel="noopener" aria-describedby={titleId}>
          Visit website
        </a>
      </div>
    </article>
  );
}
