/**
 * Copies text with the Clipboard API, falling back to a selected hidden textarea and
 * `execCommand('copy')` where the API is missing or refused (plain http, older browsers).
 */
export async function copyToClipboard(text: string): Promise<void> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return;
    }
  } catch {
    // Refused (no permission, not a secure context): the fallback below may still work.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  const focused = document.activeElement as HTMLElement | null;
  area.focus();
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('The browser refused to copy');
  } finally {
    area.remove();
    focused?.focus();
  }
}
