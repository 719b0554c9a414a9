@echo off
rem Install spades_voice with its test tools into .venv and run the tests, on Windows
rem (scripts\test.ps1 does the work; this lets it run whatever PowerShell's policy is).
powershell -NoProfile -ExecutionPolicy Bypass -File "%~dp0test.ps1" %*
exit /b
