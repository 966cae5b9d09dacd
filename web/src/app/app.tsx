import { RouterProvider, type createBrowserRouter } from "react-router-dom";
import { AuthStateProvider } from "../lib/auth";

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <AuthStateProvider>
      <RouterProvider router={router} />
    </AuthStateProvider>
  );
}
