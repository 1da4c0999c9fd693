import { LANGUAGE_NAMES, type Language } from '@contract/languages'
import { css, cx } from 'styled-system/css'
import { changeLanguage, currentLanguage } from '~/lib/i18n'

const button = css({
  display: 'inline-flex',
  alignItems: 'center',
  minH: '11',
  px: '3',
  borderRadius: 'md',
  bg: 'transparent',
  color: 'accent.text',
  fontSize: 'sm',
  fontWeight: 'medium',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
})

/**
 * The language switch: the other language's name, in that language ("Español" on an English page,
 * "English" on a Spanish one), as bilingual sites show it. Choosing it keeps the choice and shows the
 * page again in that language.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const other: Language = currentLanguage() === 'es' ? 'en' : 'es'
  return (
    <button type="button" lang={other} className={cx(button, className)} onClick={() => changeLanguage(other)}>
      {LANGUAGE_NAMES[other]}
    </button>
  )
}
