/**
 * reactfire imports every Firebase SDK it has hooks for (Realtime Database, Storage, Functions, Remote
 * Config); this app uses only its Auth and Firestore hooks. web/vite.config.ts points those SDKs here, which
 * keeps about 58 KB of gzip JavaScript out of the signed-in pages. Should a component ever use one of
 * those hooks, the call fails loudly instead of silently doing nothing.
 */
function unused(name: string) {
  return (): never => {
    throw new Error(`${name} is not part of this app's Firebase build (see web/src/lib/unused-firebase-sdks.ts).`);
  };
}

// firebase/database
export const get = unused("firebase/database get");
export const off = unused("firebase/database off");
export const onChildAdded = unused("firebase/database onChildAdded");
export const onChildChanged = unused("firebase/database onChildChanged");
export const onChildMoved = unused("firebase/database onChildMoved");
export const onChildRemoved = unused("firebase/database onChildRemoved");
export const onValue = unused("firebase/database onValue");
// firebase/functions
export const httpsCallable = unused("firebase/functions httpsCallable");
// firebase/remote-config
export const ensureInitialized = unused("firebase/remote-config ensureInitialized");
export const getAll = unused("firebase/remote-config getAll");
export const getBoolean = unused("firebase/remote-config getBoolean");
export const getNumber = unused("firebase/remote-config getNumber");
export const getString = unused("firebase/remote-config getString");
export const getValue = unused("firebase/remote-config getValue");
// firebase/storage
export const getDownloadURL = unused("firebase/storage getDownloadURL");
export const ref = unused("firebase/storage ref");
