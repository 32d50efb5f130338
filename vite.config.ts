import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Brotli and gzip copies made once at build time; the server picks the best one the client accepts.
    !isSsrBuild &&
      compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(js|css|svg|txt|xml)$/, threshold: 512 }),
  ],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // Every build writes into a new, empty release directory (scripts/build/release-build.ts),
  // marked in use while it is built: emptying it first would remove that mark.
  build: { emptyOutDir: false },
}));
