/**
 * Text a person typed, as the API accepts it in any field: no control characters, no zero-width or
 * bidirectional-override characters (they can disguise what an invoice or a link says), and no angle
 * brackets (they have no business in a name, an address or a tracker, and are how markup gets in). A lone
 * UTF-16 surrogate is no character at all: it cannot be stored or encoded as UTF-8, so it is refused too.
 */
// eslint-disable-next-line no-control-regex
const forbiddenCharacters = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff<>]/;

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isPlainText(value: string): boolean {
  return !forbiddenCharacters.test(value) && !loneSurrogate.test(value);
}
