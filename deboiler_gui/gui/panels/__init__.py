"""Panels of the main window: the legend, selection and template panels, item models over
plain lists, the review dock and its panels."""
