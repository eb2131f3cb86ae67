import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // one file at a time: the notebook and Deno tests start their own kernels and
    // sandboxes, and on a 2-core CI machine parallel files only add timing noise
    fileParallelism: false,
    reporters: ["default"],
  },
});
