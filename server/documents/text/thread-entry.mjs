// The text thread's entry: a worker thread has no TypeScript loader of its own, so it registers tsx's
// before loading the reader (./thread-main.ts).
import { register } from 'tsx/esm/api'

register()
await import('./thread-main.ts')
