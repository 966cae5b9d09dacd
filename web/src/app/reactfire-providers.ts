/**
 * What the signed-in area takes from reactfire, in a module of its own so it can be imported dynamically
 * (app/signed-in-area.tsx) and still tree-shaken: a dynamic import of the package itself keeps all of it.
 */
export { AuthProvider, FirebaseAppProvider, FirestoreProvider } from "reactfire";
