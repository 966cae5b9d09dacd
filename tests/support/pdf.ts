import { extractText, getDocumentProxy } from "unpdf";

/** The text of a PDF, read back the way a PDF reader would (pdf.js), pages joined. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, " ");
}
