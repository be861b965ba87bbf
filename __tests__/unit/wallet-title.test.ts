// The wallet page is titled billing and subscription, the same words as its nav item.
import { catalogues } from "@/messages";

test.each([
  ["zh", "钱包与订阅"],
  ["en", "Billing and subscription"],
] as const)("%s: the wallet page title and its nav item read %s", (locale, title) => {
  expect(catalogues[locale].wallet.title).toBe(title);
  expect(catalogues[locale].shell.side.wallet).toBe(title);
});
