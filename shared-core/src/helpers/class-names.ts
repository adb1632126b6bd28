export type ClassValue = string | false | null | undefined;

/** Joins the truthy class names; CSS-module lookups may be undefined under strict index access. */
export function cx(...parts: ClassValue[]): string {
  return parts.filter(Boolean).join(' ');
}
