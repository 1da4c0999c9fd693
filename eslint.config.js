// The lint rules live with their own toolchain in tools/lint (see that file).
export { default } from './tools/lint/eslint.config.js'
