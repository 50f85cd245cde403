package fr.ruche.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
