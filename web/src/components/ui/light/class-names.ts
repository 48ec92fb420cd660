/**
 * The components of this folder are Amplify UI's look without its JavaScript, for what /login and the app's first
 * screen show (a light first load: infra/weight-budgets.ts). Amplify primitives read the theme object at run time
 * (createTheme and every component's tokens, about 20 KB gzipped); these render the same elements with the same
 * classes, which @aws-amplify/ui-react/styles.css already styles. The rest of the app keeps the primitives.
 */

/** The class names given, without the empty ones. */
export const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');
