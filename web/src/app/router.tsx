import { createBrowserRouter } from "react-router-dom";
import { Layout } from "../components/layout";

const homePage = () => import("../features/landing/home-page").then((m) => ({ Component: m.HomePage }));

/** Every route is its own chunk, so a visitor downloads only the page they open. */
export const router = createBrowserRouter([
  {
    Component: Layout,
    children: [
      { index: true, lazy: homePage },
      // SPEC.md §2: any unknown path shows the home page.
      { path: "*", lazy: homePage },
    ],
  },
]);
