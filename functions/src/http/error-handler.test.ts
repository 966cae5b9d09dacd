import type { NextFunction, Request, Response } from "express";
import { describe, expect, test, vi } from "vitest";
import { z } from "zod";
import { errorHandler } from "./error-handler.js";
import { ApiError } from "../errors.js";

vi.mock("firebase-functions", () => ({ logger: { error: vi.fn() } }));

function answer(err: unknown): { status: number; body: unknown } {
  const sent = { status: 0, body: undefined as unknown };
  const res = {
    status(code: number) {
      sent.status = code;
      return this;
    },
    set() {
      return this;
    },
    json(body: unknown) {
      sent.body = body;
      return this;
    },
  } as unknown as Response;
  errorHandler(err, { path: "/x", method: "POST" } as Request, res, (() => undefined) as NextFunction);
  return sent;
}

describe("errorHandler", () => {
  test("an ApiError keeps its message and gets its code's status", () => {
    expect(answer(new ApiError("conflict", "Already pending."))).toEqual({
      status: 409,
      body: { error: "Already pending." },
    });
  });

  test("a validation error is a 400 naming the field", () => {
    const err = z.object({ uid: z.string() }).safeParse({ uid: 3 }).error;
    const sent = answer(err);
    expect(sent.status).toBe(400);
    expect((sent.body as { error: string }).error).toMatch(/^uid: /);
  });

  test("malformed JSON and oversized bodies are the caller's mistakes", () => {
    expect(answer(Object.assign(new SyntaxError("Unexpected token"), { status: 400 })).status).toBe(400);
    expect(answer(Object.assign(new Error("too large"), { status: 413 })).status).toBe(413);
  });

  test("anything else is a generic 500 that reveals nothing", () => {
    const sent = answer(new Error("database password is hunter2"));
    expect(sent).toEqual({ status: 500, body: { error: "Internal error. Please try again later." } });
  });
});
