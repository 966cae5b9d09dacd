/** The sign-ins the demo data (emulator-data/) holds; `npm start` prints them, `npm run seed` creates them. */
export const demoAccounts = [
  {
    uid: "demo-affiliate",
    email: "affiliate@demo.test",
    displayName: "Dana Demo (affiliate)",
    role: "affiliate with earnings",
    claims: {},
  },
  {
    uid: "demo-staff",
    email: "staff@demo.test",
    displayName: "Sam Staff (advertiser)",
    role: "advertiser staff",
    claims: { advertiser: true },
  },
  {
    uid: "demo-admin",
    email: "admin@demo.test",
    displayName: "Ada Admin",
    role: "admin",
    claims: { admin: true, advertiser: true },
  },
] as const;
