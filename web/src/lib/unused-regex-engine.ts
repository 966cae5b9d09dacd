/**
 * The Firestore SDK imports re2js (about 43 KB of gzip JavaScript, a third of the SDK) for one purpose: to
 * evaluate the regular-expression and LIKE functions of Firestore pipelines on the device. This app runs
 * no pipelines, only queries and document listeners, so web/vite.config.ts points re2js here and the
 * signed-in pages load without it. Should a pipeline with such a function ever run, the SDK catches this
 * error and logs it (an invalid pattern, to the SDK), and this message says why.
 */
export const RE2JS = {
  compile(pattern: string): never {
    throw new Error(
      `Regular expression ${JSON.stringify(pattern)}: re2js is not part of this app's Firebase build (see web/src/lib/unused-regex-engine.ts).`,
    );
  },
};
