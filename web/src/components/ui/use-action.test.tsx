import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ApiError } from "../../lib/api";
import { useAction } from "./use-action";

afterEach(cleanup);

/** A promise settled from outside, to look at the action while it runs. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe("useAction", () => {
  test("is busy while it runs, named by the run, and keeps what the run said", async () => {
    const { result } = renderHook(() => useAction());
    expect(result.current.busy).toBe(false);
    const saved = deferred<void>();
    let done!: Promise<boolean>;
    act(() => {
      done = result.current.run(
        async () => {
          await saved.promise;
          return { tone: "success", text: "Saved as version 3." };
        },
        { name: "save" },
      );
    });
    expect(result.current.busy).toBe(true);
    expect(result.current.running).toBe("save");
    await act(async () => saved.resolve());
    await expect(done).resolves.toBe(true);
    expect(result.current.busy).toBe(false);
    expect(result.current.running).toBeNull();
    expect(result.current.message).toEqual({ tone: "success", text: "Saved as version 3." });
  });

  test("an ApiError becomes the message, in the server's words, and the run resolves false", async () => {
    const { result } = renderHook(() => useAction());
    let ok: boolean | undefined;
    await act(async () => {
      ok = await result.current.run(() => Promise.reject(new ApiError(409, "You already have a pending payout.")));
    });
    expect(ok).toBe(false);
    expect(result.current.busy).toBe(false);
    expect(result.current.message).toEqual({ tone: "error", text: "You already have a pending payout." });
  });

  test("the caller words a failure, or keeps it out of the page (and logs it itself)", async () => {
    const { result } = renderHook(() => useAction());
    await act(() =>
      result.current.run(() => Promise.reject(new Error("offline")), {
        failure: (text) => `Failed to update details: ${text}`,
      }),
    );
    expect(result.current.message).toEqual({ tone: "error", text: "Failed to update details: offline" });

    const logged = vi.fn();
    const failure = new Error("quota");
    await act(() =>
      result.current.run(() => Promise.reject(failure), {
        failure: (_, error) => {
          logged(error);
          return null;
        },
      }),
    );
    expect(logged).toHaveBeenCalledWith(failure);
    // Said nothing, and the message before went as the run started.
    expect(result.current.message).toBeNull();
  });

  test("anything thrown is said, not only errors", async () => {
    const { result } = renderHook(() => useAction());
    await act(() => result.current.run(() => Promise.reject("no answer")));
    expect(result.current.message).toEqual({ tone: "error", text: "no answer" });
  });

  test("say() shows a check's refusal without running, and a run clears it as it starts", async () => {
    const { result } = renderHook(() => useAction());
    act(() => result.current.say({ tone: "error", text: "Commission rate: must be at most 1 (100%)." }));
    expect(result.current.message?.text).toBe("Commission rate: must be at most 1 (100%).");
    expect(result.current.busy).toBe(false);

    const running = deferred<void>();
    let done!: Promise<boolean>;
    act(() => {
      done = result.current.run(() => running.promise);
    });
    expect(result.current.message).toBeNull();
    expect(result.current.running).toBe("");
    await act(async () => running.resolve());
    await done;
    // A run that says nothing leaves no message.
    expect(result.current.message).toBeNull();
  });
});
