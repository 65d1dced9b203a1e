"""Browser tests: JupyterLab and Voila driven by Playwright in headless Chromium."""
