// Review 3 N10: while root allows private and loopback channel addresses, the channels page warns
// (every admin can then point a channel inside the network); when they are blocked, a plain note.
import { render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { ChannelAddressNotice } from "@/modules/channels/components/channel-address-notice";
import { catalogues } from "@/messages";

function renderIn(locale: "zh" | "en", privateAllowed: boolean) {
  return render(
    <NextIntlClientProvider locale={locale} messages={catalogues[locale]}>
      <ChannelAddressNotice privateAllowed={privateAllowed} />
    </NextIntlClientProvider>,
  );
}

test.each(["zh", "en"] as const)("%s: a warning banner while private addresses are allowed", (locale) => {
  const t = catalogues[locale].channels as Record<string, string>;
  renderIn(locale, true);
  const notice = screen.getByTestId("channel-address-policy");
  expect(notice).toHaveAttribute("role", "note");
  expect(notice).toHaveAttribute("data-private-allowed", "true");
  expect(notice.className).toMatch(/warning/);
  expect(notice).toHaveTextContent(t.private_address_allowed!);
  expect(t.private_address_allowed).toMatch(locale === "zh" ? /警告/ : /Warning/);
});

test("no warning while they are blocked", () => {
  renderIn("en", false);
  const notice = screen.getByTestId("channel-address-policy");
  expect(notice).not.toHaveAttribute("role");
  expect(notice.className).not.toMatch(/warning/);
  expect(notice).toHaveTextContent((catalogues.en.channels as Record<string, string>).private_address_blocked!);
});
