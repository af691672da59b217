// Stylesheets are imported for their side effect (style-loader injects them); they export nothing.
declare module '*.css';
