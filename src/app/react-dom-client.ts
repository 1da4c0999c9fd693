/**
 * React DOM's client entry, as the app imports it: a module of the React DOM chunk (vite.config.ts),
 * so that the entry script can have that chunk run in a task of its own (src/main.tsx) without taking
 * in the code that turns a CommonJS module into an ES one.
 */
export { createRoot } from 'react-dom/client'
