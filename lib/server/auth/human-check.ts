// The human check (Turnstile) of the screens spec 1/2 protect: login, register, verification code,
// password reset, check-in and redeem each pass the `turnstile` query parameter here. When
// TurnstileCheckEnabled is on, the token must verify against the Turnstile siteverify endpoint.
// (Seam: the Turnstile feature replaces this body; until then every token is accepted.)
export async function assertHumanCheck(token: string | undefined, clientIp?: string): Promise<void> {
  void token;
  void clientIp;
}
