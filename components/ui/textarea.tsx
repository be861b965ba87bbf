// The multi-line input; it shares its look with Input, so it lives beside it in input.tsx.
export { Textarea } from "@/components/ui/input";
