import { css } from 'styled-system/css'

/** Layout of a form page: the fields stacked, the actions below them, and a row of small links. */
export const formStack = css({ display: 'flex', flexDirection: 'column', gap: '4' })
export const formActions = css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '2' })
export const mutedLinks = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '2', fontSize: 'sm' })
