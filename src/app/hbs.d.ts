/** The part of `hbs` (express view engine for Handlebars) the application uses; the package ships no types. */
declare module 'hbs' {
  interface Hbs {
    registerPartials(directory: string, options: { rename: (name: string) => string }, done: (err?: Error) => void): void;
    registerHelper(name: string, helper: (...args: never[]) => unknown): void;
    SafeString: new (html: string) => unknown;
  }
  const hbs: Hbs;
  export default hbs;
}
