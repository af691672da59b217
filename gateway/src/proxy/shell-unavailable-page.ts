/** Self-contained (inline style only, which the CSP allows) because the shell's assets are unreachable too. */
export const SHELL_UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Agentdock is starting up</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; background: #f6f7fb; color: #1f2430; }
  main { max-width: 28rem; padding: 2rem; text-align: center; }
  h1 { font-size: 1.5rem; margin-bottom: 0.5rem; }
  p { line-height: 1.5; color: #4a5162; }
  a { color: #3b5bdb; }
</style>
</head>
<body>
<main>
  <h1>We'll be right back</h1>
  <p>Agentdock is temporarily unavailable, usually because it is starting or being updated.</p>
  <p>Please <a href="">try again</a> in a few moments.</p>
</main>
</body>
</html>
`;
