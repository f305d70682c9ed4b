"""The PySide6 desktop workbench: windows, panels, the web view and the workers that drive the app and engine."""
