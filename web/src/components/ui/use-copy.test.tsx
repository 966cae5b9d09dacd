import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { useCopy } from "./use-copy";

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  vi.useFakeTimers();
  writeText.mockReset().mockResolvedValue(undefined);
  vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("useCopy", () => {
  test("says copied for two seconds, and a second copy restarts them", async () => {
    const { result } = renderHook(() => useCopy());
    await act(() => result.current.copy("https://example.test/r/a"));
    expect(writeText).toHaveBeenCalledWith("https://example.test/r/a");
    expect(result.current.state).toBe("copied");

    act(() => {
      vi.advanceTimersByTime(1500);
    });
    await act(() => result.current.copy("again"));
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(result.current.state).toBe("copied");
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current.state).toBe("idle");
  });

  test("a copy's timer ends with the component", async () => {
    const { result, unmount } = renderHook(() => useCopy());
    await act(() => result.current.copy("value"));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  test("when the browser refuses, the fallback is selected and the state says refused", async () => {
    writeText.mockRejectedValue(new DOMException("Write permission denied.", "NotAllowedError"));
    const fallback = document.createElement("code");
    fallback.textContent = "GB33BUKB20201555555555";
    document.body.append(fallback);
    const { result } = renderHook(() => useCopy());
    await expect(act(() => result.current.copy("GB33BUKB20201555555555", fallback))).resolves.toBe(false);
    expect(result.current.state).toBe("refused");
    expect(window.getSelection()?.toString()).toBe("GB33BUKB20201555555555");
    fallback.remove();
  });
});
