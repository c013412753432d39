// ESLint's recommended rules over the web page's modules (browser) and their tests and
// scripts (Node): npx eslint (scripts/test runs it).
import js from "@eslint/js";
import globals from "globals";

// The page asks the server what differs from game to game (static/js/games.js), never which
// game it is: no comparing with a game's name ("draw" and "block" name actions and ends as
// well) or with a `game` field, nor a case for a game.
const GAME_NAMES = "/^(chickenfoot|all-fives|bergen)$/";
const COMPARED = "BinaryExpression[operator=/^[!=]==?$/]";
const NAMED_GAMES = [
  `${COMPARED} > Literal[value=${GAME_NAMES}]`,
  `${COMPARED}:has(> MemberExpression[property.name="game"]):has(> Literal)`,
  `SwitchCase > Literal[value=${GAME_NAMES}]`,
  `SwitchStatement > MemberExpression[property.name="game"]`,
].map((selector) => ({
  selector,
  message: "Ask the game's kind of the server (games.js kindOf), not which game it is.",
}));

export default [
  { ignores: ["node_modules/", "build/", ".venv/"] },
  js.configs.recommended,
  {
    files: ["src/chickenfoot/server/static/js/**/*.js"],
    languageOptions: { sourceType: "module", globals: globals.browser },
    rules: {
      "no-restricted-syntax": ["error", ...NAMED_GAMES],
    },
  },
  {
    files: ["tests/js/**/*.mjs", "scripts/**/*.mjs", "eslint.config.mjs"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
];
