import { countryOfCurrency, flagEmojiOfCountry } from '#domain/currency-flags.ts';
import styles from './currency-flag.module.css';

let flagsDrawn: boolean | undefined;

/**
 * Whether this browser draws flag emoji in colour (Windows and fonts-less Linux draw two letters
 * instead): one 16 px canvas, asked once a page load. Where it cannot tell, it answers no and the
 * flag is the country's two letters on a badge, which reads well everywhere.
 */
function emojiFlagsDrawn(): boolean {
  if (flagsDrawn !== undefined) return flagsDrawn;
  flagsDrawn = false;
  // jsdom has no canvas and reports asking for one as an error.
  if (typeof document === 'undefined' || navigator.userAgent.includes('jsdom')) return flagsDrawn;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 16;
    canvas.height = 16;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return flagsDrawn;
    context.textBaseline = 'top';
    context.font = '14px sans-serif';
    context.fillText(flagEmojiOfCountry('GB'), 0, 0);
    const pixels = context.getImageData(0, 0, 16, 16).data;
    for (let i = 0; i < pixels.length; i += 4) {
      const [r = 0, g = 0, b = 0, a = 0] = pixels.slice(i, i + 4);
      // A coloured pixel: letters drawn instead of a flag are black or grey.
      if (a > 0 && (Math.abs(r - g) > 40 || Math.abs(g - b) > 40)) {
        flagsDrawn = true;
        break;
      }
    }
  } catch {
    flagsDrawn = false;
  }
  return flagsDrawn;
}

export interface CurrencyFlagProps {
  /** The currency's ISO code (EUR, USD...). */
  code: string;
  className?: string;
}

/**
 * A currency's flag (the EU's for the euro), decorative: hidden from screen readers, since the
 * currency's code or name always stands beside it. Nothing when the shop knows no country for it.
 */
export function CurrencyFlag({ code, className }: CurrencyFlagProps) {
  const country = countryOfCurrency(code);
  if (!country) return null;
  const emoji = emojiFlagsDrawn();
  const classes = [styles.flag, emoji ? styles.emoji : styles.badge, className ?? ''].filter(Boolean).join(' ');
  return (
    <span className={classes} aria-hidden="true" data-country={country}>
      {emoji ? flagEmojiOfCountry(country) : country}
    </span>
  );
}
