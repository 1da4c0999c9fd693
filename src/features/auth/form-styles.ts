import { css } from 'styled-system/css'

/** Layout of the sign-in and password forms. */
export const formStack = css({ display: 'flex', flexDirection: 'column', gap: '4' })
export const formActions = css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '2' })
export const mutedLinks = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '2', fontSize: 'sm' })
