// Stylesheets are imported for their side effect (the build extracts them into stylesheets the chunk loads); they export nothing.
declare module '*.css';
