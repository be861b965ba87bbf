// Sends the browser to the gateway the way EPay expects: a POST form with the signed fields.
// Built with DOM calls, never innerHTML, so field values cannot inject markup.
export function submitPaymentForm(
  url: string,
  fields: Record<string, string>,
  doc: Document = document,
): HTMLFormElement {
  const form = doc.createElement("form");
  form.method = "POST";
  form.action = url;
  form.style.display = "none";
  form.setAttribute("data-testid", "topup-payment-form");
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
  return form;
}
