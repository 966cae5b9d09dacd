/**
 * Draws the public pages' pictures in Chromium and writes them to web/public (committed; run again only when
 * the design changes):
 *
 *   - images/dashboard-1200.webp, images/dashboard-640.webp: the affiliate dashboard on the landing pages,
 *   - og-image.png (1200×630): the picture shown when a page is shared (PageMeta's og:image).
 *
 *   npm run build --workspace functions && bash scripts/run.sh node web/scripts/make-images.ts
 *
 * The dashboard is a designed picture with sample figures, not a capture of the live page: it must not
 * change whenever the dashboard's markup does, and must never show a real affiliate's data.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "playwright-core";
import type * as AdvertisersModule from "../../functions/src/domain/advertisers.ts";
import type * as ProgrammeModule from "../../functions/src/domain/programme.ts";

// The figures come from the compiled domain (Node runs this file as is, and the sources import each other
// as .js), typed from the sources.
const compiled = <T>(file: string) =>
  import(new URL(`../../functions/lib/domain/${file}`, import.meta.url).href) as Promise<T>;
const { advertisers, defaultAdvertiserId } = await compiled<typeof AdvertisersModule>("advertisers.js");
const { programme } = await compiled<typeof ProgrammeModule>("programme.js");

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../public");
const commission = `${Math.round(advertisers[defaultAdvertiserId].commissionRate * 100)}%`;

const font = `system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
const logo = `<svg width="30" height="30" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#ff4f8b"/><path d="M9 23l7-14 7 14M12 18h8" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

/** Seven days of sample earnings, drawn as an area chart. */
function chart(width: number, height: number): string {
  const values = [92, 138, 121, 176, 164, 231, 262];
  const max = 280;
  // Inset by the markers' radius so the first and last are not clipped.
  const inset = 8;
  const step = (width - 2 * inset) / (values.length - 1);
  const points = values.map(
    (value, i) => `${(inset + i * step).toFixed(1)},${(height - (value / max) * height).toFixed(1)}`,
  );
  const days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
  return `<svg width="${width}" height="${height + 26}" viewBox="0 0 ${width} ${height + 26}">
    <defs><linearGradient id="fill" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ff4f8b" stop-opacity="0.45"/><stop offset="1" stop-color="#ff4f8b" stop-opacity="0"/>
    </linearGradient></defs>
    ${[0.25, 0.5, 0.75].map((f) => `<line x1="0" x2="${width}" y1="${height * f}" y2="${height * f}" stroke="#2e3056" stroke-dasharray="4 6"/>`).join("")}
    <polygon points="${inset},${height} ${points.join(" ")} ${width - inset},${height}" fill="url(#fill)"/>
    <polyline points="${points.join(" ")}" fill="none" stroke="#ff4f8b" stroke-width="3" stroke-linejoin="round"/>
    ${points.map((p) => `<circle cx="${p.split(",")[0]}" cy="${p.split(",")[1]}" r="4.5" fill="#0f1020" stroke="#ff4f8b" stroke-width="2.5"/>`).join("")}
    ${days.map((d, i) => `<text x="${Math.min(Math.max(inset + i * step, 16), width - 16)}" y="${height + 22}" fill="#a9abc8" font-size="13" text-anchor="middle">${d}</text>`).join("")}
  </svg>`;
}

const dashboardHtml = `<!doctype html><html><head><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: 1200px; height: 750px; background: #0f1020; color: #f4f4fb; font-family: ${font}; overflow: hidden; }
  .top { display: flex; align-items: center; justify-content: space-between; padding: 18px 36px; border-bottom: 1px solid #2e3056; }
  .brand { display: flex; align-items: center; gap: 12px; font-weight: 800; font-size: 19px; }
  .nav { display: flex; gap: 10px; }
  .nav span { padding: 9px 18px; border-radius: 12px; border: 1px solid #2e3056; font-weight: 600; font-size: 15px; }
  .nav .on { background: #d61f69; border-color: #d61f69; }
  .body { padding: 28px 36px; }
  h1 { font-size: 30px; letter-spacing: -0.02em; }
  .sub { color: #a9abc8; margin-top: 4px; font-size: 16px; }
  .cards { display: grid; grid-template-columns: repeat(4, 1fr); gap: 16px; margin-top: 22px; }
  .card { background: #1a1b33; border: 1px solid #2e3056; border-radius: 14px; padding: 18px 20px; }
  .label { color: #a9abc8; font-size: 14px; font-weight: 600; }
  .value { font-size: 30px; font-weight: 800; margin-top: 6px; letter-spacing: -0.02em; }
  .delta { color: #3ddc97; font-size: 13px; font-weight: 700; margin-top: 4px; }
  .row { display: grid; grid-template-columns: 1.55fr 1fr; gap: 16px; margin-top: 16px; }
  .title { display: flex; justify-content: space-between; align-items: baseline; font-weight: 700; font-size: 17px; margin-bottom: 14px; }
  .title small { color: #a9abc8; font-weight: 600; font-size: 13px; }
  .link { display: flex; align-items: center; justify-content: space-between; padding: 10px 12px; border: 1px solid #2e3056; border-radius: 10px; margin-top: 9px; background: #0f1020; font-size: 14px; }
  .link code { font-family: ui-monospace, Menlo, monospace; color: #f4f4fb; }
  .link b { color: #a9abc8; font-weight: 600; font-size: 13px; }
  .copy { padding: 4px 10px; border-radius: 8px; background: #d61f69; font-weight: 700; font-size: 12px; }
  .landing { display: flex; align-items: center; justify-content: space-between; margin-top: 16px; }
  .select { padding: 8px 12px; border: 1px solid #2e3056; border-radius: 10px; background: #0f1020; font-size: 14px; font-weight: 600; }
  .balance { display: flex; align-items: center; justify-content: space-between; margin-top: 22px; padding-top: 22px; border-top: 1px solid #2e3056; }
  .balance .value { font-size: 24px; margin: 0; }
  .pay { padding: 9px 14px; border-radius: 10px; background: #d61f69; font-weight: 700; font-size: 14px; }
</style></head><body>
  <div class="top"><div class="brand">${logo}${programme.name}</div>
    <div class="nav"><span>Updates</span><span>Products</span><span class="on">Dashboard</span></div></div>
  <div class="body">
    <h1>Dashboard</h1><p class="sub">Last 7 Days</p>
    <div class="cards">
      <div class="card"><div class="label">Earnings</div><div class="value">$1,184.60</div><div class="delta">▲ 18% on last week</div></div>
      <div class="card"><div class="label">Sign-ups</div><div class="value">312</div><div class="delta">▲ 9%</div></div>
      <div class="card"><div class="label">Clicks</div><div class="value">8,941</div><div class="delta">▲ 12%</div></div>
      <div class="card"><div class="label">Sales</div><div class="value">47</div><div class="delta">▲ 15%</div></div>
    </div>
    <div class="row">
      <div class="card"><div class="title">Earnings <small>${commission} commission · recurring on renewals</small></div>${chart(640, 300)}</div>
      <div class="card"><div class="title">Your links <small>${advertisers[defaultAdvertiserId].name}</small></div>
        <div class="link"><code>/m/k7Qp2x/ig</code><b>3,412 clicks</b><span class="copy">Copy</span></div>
        <div class="link"><code>/m/k7Qp2x/tiktok</code><b>2,870 clicks</b><span class="copy">Copy</span></div>
        <div class="link"><code>/m/k7Qp2x/reddit</code><b>1,954 clicks</b><span class="copy">Copy</span></div>
        <div class="landing"><span class="label">Landing page</span><span class="select">AI Generator (SFW) ▾</span></div>
        <div class="balance"><div><div class="label">Balance</div><div class="value">$2,460.20</div></div><span class="pay">Request Payout</span></div>
      </div>
    </div>
  </div>
</body></html>`;

// Flat colours only: gradients would make the PNG several times larger.
const ogHtml = `<!doctype html><html><head><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: 1200px; height: 630px; overflow: hidden; font-family: ${font}; color: #f4f4fb; background: #0f1020; }
  .wrap { position: relative; padding: 72px 80px; height: 100%; display: flex; flex-direction: column; }
  .bar { position: absolute; left: 0; top: 0; bottom: 0; width: 14px; background: #ff4f8b; }
  .ring { position: absolute; right: -120px; top: -120px; width: 520px; height: 520px; border-radius: 50%;
    border: 72px solid #1a1b33; }
  .ring::after { content: ""; position: absolute; inset: 70px; border-radius: 50%; border: 28px solid #2a1f4d; }
  .brand { position: relative; display: flex; align-items: center; gap: 16px; font-size: 30px; font-weight: 800; }
  h1 { position: relative; margin-top: 56px; font-size: 84px; line-height: 1.02; letter-spacing: -0.04em; font-weight: 800; max-width: 900px; }
  h1 span { color: #ff4f8b; }
  p { position: relative; margin-top: 28px; font-size: 29px; color: #c9cae0; }
  .stats { margin-top: auto; display: flex; gap: 56px; font-size: 26px; color: #a9abc8; }
  .stats b { display: block; font-size: 44px; color: #f4f4fb; letter-spacing: -0.02em; }
</style></head><body><div class="wrap"><div class="bar"></div><div class="ring"></div>
  <div class="brand">${logo.replace(/"30"/g, '"52"')}${programme.name}</div>
  <h1>Earn <span>${commission}</span> on every user you refer</h1>
  <p>Recurring commissions · free to join · paid by Wise, bank or crypto</p>
  <div class="stats"><div><b>${programme.affiliateCount}</b>affiliates</div><div><b>${programme.userCount}</b>users</div><div><b>${commission}</b>commission</div></div>
</div></body></html>`;

/** The page's screenshot re-encoded as WebP at the given width, by the browser's own encoder. */
async function webp(page: Page, png: Buffer, width: number, quality: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ({ source, width, quality }) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = Math.round((image.height * width) / image.width);
      const context = canvas.getContext("2d")!;
      context.imageSmoothingQuality = "high";
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL("image/webp", quality);
    },
    { source: `data:image/png;base64,${png.toString("base64")}`, width, quality },
  );
  return Buffer.from(dataUrl.split(",")[1]!, "base64");
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 750 }, deviceScaleFactor: 1 });
  await page.setContent(dashboardHtml);
  const dashboard = await page.screenshot({ type: "png" });
  mkdirSync(path.join(publicDir, "images"), { recursive: true });
  for (const [width, quality] of [
    [1200, 0.82],
    [640, 0.85],
  ] as const) {
    const file = path.join(publicDir, "images", `dashboard-${width}.webp`);
    const image = await webp(page, dashboard, width, quality);
    writeFileSync(file, image);
    console.log(`${path.relative(publicDir, file)}: ${(image.length / 1024).toFixed(1)} KB`);
  }

  await page.setViewportSize({ width: 1200, height: 630 });
  await page.setContent(ogHtml);
  const og = await page.screenshot({ type: "png" });
  writeFileSync(path.join(publicDir, "og-image.png"), og);
  console.log(`og-image.png: ${(og.length / 1024).toFixed(1)} KB`);
} finally {
  await browser.close();
}
