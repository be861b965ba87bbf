// Number fields are text in the forms; the zod schemas judge the number.

/** A number field's text as a number; NaN when blank, so the schema refuses it with the field's message. */
export const numberOf = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text));
