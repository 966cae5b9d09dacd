import { Link, Outlet } from "react-router-dom";
import { paths } from "../app/paths";

export function Layout() {
  return (
    <div className="page">
      <header className="site-header">
        <Link to={paths.home} className="logo" aria-label="Home">
          AI Affiliates
        </Link>
        <nav aria-label="Account">
          <Link to={paths.signup} className="button button-primary">
            Sign Up
          </Link>
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <footer className="site-footer">
        <Link to={paths.terms}>Terms</Link>
      </footer>
    </div>
  );
}
