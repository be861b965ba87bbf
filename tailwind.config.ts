// Tailwind 4 reads its theme from app/globals.css (@theme); this file keeps the content globs and
// the dark-mode strategy explicit for editors and for the @config directive in globals.css.
import type { Config } from "tailwindcss";

const config: Config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}", "./lib/client/**/*.{ts,tsx}"],
  darkMode: "class",
};

export default config;
