/**
 * The unit-web project's setup (vitest.config.ts): what the page tests wait for (findBy*, waitFor) may take
 * seconds when `npm test` runs them beside the emulator layers on two cores, so they wait up
 * to 5 s instead of Testing Library's 1 s. What they wait for is unchanged: a condition that never holds
 * still fails.
 */
import { configure } from "@testing-library/react";

configure({ asyncUtilTimeout: 5_000 });
