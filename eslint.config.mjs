// ESLint's recommended rules over the web page's modules (browser) and their tests and
// scripts (Node): npx eslint (scripts/test runs it).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "build/", ".venv/"] },
  js.configs.recommended,
  {
    files: ["src/chickenfoot/server/static/js/**/*.js"],
    languageOptions: { sourceType: "module", globals: globals.browser },
  },
  {
    files: ["tests/js/**/*.mjs", "scripts/**/*.mjs", "eslint.config.mjs"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
];
