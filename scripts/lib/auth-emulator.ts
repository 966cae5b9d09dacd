/**
 * The Auth emulator's Identity Toolkit REST API, as the web SDK calls it: sign-ups and sign-ins that give
 * real ID tokens, for the tests and the benchmarks.
 */
import { emulatorUrl } from "./project.ts";

const identityToolkit = `${emulatorUrl("auth")}/identitytoolkit.googleapis.com/v1`;
const apiKey = "demo-api-key";

export async function identity(path: string, body: object): Promise<{ idToken: string; localId: string }> {
  const response = await fetch(`${identityToolkit}/${path}?key=${apiKey}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const answer = (await response.json()) as { idToken: string; localId: string; error?: { message: string } };
  if (!response.ok) throw new Error(`Auth emulator ${path}: ${answer.error?.message ?? response.status}`);
  return answer;
}
