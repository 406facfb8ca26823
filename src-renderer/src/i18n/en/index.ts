import app from './app'

/** English, the reference locale. Each domain keeps its strings in its own file. */
export default {
  ...app,
}
