import { defineSemanticTokens } from '@pandacss/dev'

/**
 * Semantic colours. Every pairing used by the kit meets WCAG AA (4.5:1 for text, 3:1 for control
 * borders): text tones sit on white or on their own `subtle` tint, solid tones carry white text.
 */
export const semanticColors = defineSemanticTokens.colors({
  fg: {
    default: { value: '{colors.gray.900}' },
    muted: { value: '{colors.gray.600}' },
    // Placeholders and decorative icons only: 4.8:1 on white, not for body text on tinted surfaces.
    subtle: { value: '{colors.gray.500}' },
    inverted: { value: '{colors.white}' },
    accent: { value: '{colors.blue.700}' },
    success: { value: '{colors.green.800}' },
    warning: { value: '{colors.amber.800}' },
    danger: { value: '{colors.red.700}' },
    info: { value: '{colors.blue.800}' },
  },
  bg: {
    canvas: { value: '{colors.white}' },
    surface: { value: '{colors.white}' },
    subtle: { value: '{colors.gray.50}' },
    muted: { value: '{colors.gray.100}' },
    emphasized: { value: '{colors.gray.200}' },
    backdrop: { value: 'rgba(17, 24, 39, 0.55)' },
    accent: { value: '{colors.blue.50}' },
    success: { value: '{colors.green.50}' },
    warning: { value: '{colors.amber.50}' },
    danger: { value: '{colors.red.50}' },
    info: { value: '{colors.blue.50}' },
    tooltip: { value: '{colors.gray.900}' },
  },
  border: {
    default: { value: '{colors.gray.200}' },
    // Form controls: 3:1 against white as WCAG 1.4.11 asks of component boundaries.
    strong: { value: '{colors.gray.500}' },
    focus: { value: '{colors.blue.600}' },
    danger: { value: '{colors.red.700}' },
  },
  accent: {
    DEFAULT: { value: '{colors.blue.700}' },
    emphasized: { value: '{colors.blue.800}' },
    fg: { value: '{colors.white}' },
    subtle: { value: '{colors.blue.50}' },
    muted: { value: '{colors.blue.100}' },
    text: { value: '{colors.blue.700}' },
  },
  success: {
    DEFAULT: { value: '{colors.green.700}' },
    emphasized: { value: '{colors.green.800}' },
    fg: { value: '{colors.green.800}' },
    subtle: { value: '{colors.green.100}' },
    border: { value: '{colors.green.600}' },
  },
  warning: {
    DEFAULT: { value: '{colors.amber.700}' },
    emphasized: { value: '{colors.amber.800}' },
    fg: { value: '{colors.amber.900}' },
    subtle: { value: '{colors.amber.100}' },
    border: { value: '{colors.amber.600}' },
  },
  danger: {
    DEFAULT: { value: '{colors.red.700}' },
    emphasized: { value: '{colors.red.800}' },
    fg: { value: '{colors.red.800}' },
    subtle: { value: '{colors.red.100}' },
    border: { value: '{colors.red.600}' },
  },
  info: {
    DEFAULT: { value: '{colors.blue.700}' },
    emphasized: { value: '{colors.blue.800}' },
    fg: { value: '{colors.blue.800}' },
    subtle: { value: '{colors.blue.100}' },
    border: { value: '{colors.blue.600}' },
  },
  neutral: {
    DEFAULT: { value: '{colors.gray.700}' },
    emphasized: { value: '{colors.gray.800}' },
    fg: { value: '{colors.gray.800}' },
    subtle: { value: '{colors.gray.100}' },
    border: { value: '{colors.gray.400}' },
  },
})
